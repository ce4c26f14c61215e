'use client';
/**
 * 地区: three cascading selects (province → city → county) over @vant/area-data. Codes are 6 digits:
 * a city shares its province's first 2, a county its city's first 4. Emits areaCode (the county's)
 * and the three names; an incomplete choice emits empty values so 请选择地区 shows. The area list
 * (about 30 KB compressed) is its own chunk, loaded when a picker mounts: until it is there the three
 * selects are disabled and show the address's own names, so an address form is the only page that
 * loads it, and only when it is shown.
 */
import { useEffect, useMemo, useState } from 'react';

type AreaList = (typeof import('@vant/area-data'))['areaList'];

/** The list once loaded: a picker mounted later has it from its first render. */
let loaded: AreaList | null = null;

/** @vant/area-data's areaList, null until its chunk has loaded. */
function useAreaList(): AreaList | null {
  const [areas, setAreas] = useState<AreaList | null>(loaded);
  useEffect(() => {
    if (areas) return;
    let live = true;
    void import('@vant/area-data').then((m) => {
      loaded = m.areaList;
      if (live) setAreas(m.areaList);
    });
    return () => {
      live = false;
    };
  }, [areas]);
  return areas;
}

export type Region = { areaCode: string; province: string; city: string; county: string };

const EMPTY: Region = { areaCode: '', province: '', city: '', county: '' };

type Option = { code: string; name: string };

const options = (list: Record<string, string>, prefix: string, len: number): Option[] =>
  Object.entries(list)
    .filter(([code]) => code.startsWith(prefix.slice(0, len)))
    .map(([code, name]) => ({ code, name }));

export function RegionPicker({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: Region;
  onChange: (r: Region) => void;
  error?: string;
}) {
  const areaList = useAreaList();
  // Until the list is there, a six-digit code is taken as it is (its names are the address's own); a
  // code the list does not know then leaves the county to choose (the server checks the code itself).
  const coded = /^\d{6}$/.test(value.areaCode);
  const known = coded && (!areaList || areaList.county_list[value.areaCode] !== undefined);
  const [province, setProvince] = useState(coded ? `${value.areaCode.slice(0, 2)}0000` : '');
  const [city, setCity] = useState(coded ? `${value.areaCode.slice(0, 4)}00` : '');
  const county = known ? value.areaCode : '';

  const provinces = useMemo(() => (areaList ? options(areaList.province_list, '', 0) : null), [areaList]);
  const cities = useMemo(() => (areaList ? (province ? options(areaList.city_list, province, 2) : []) : null), [areaList, province]);
  const counties = useMemo(() => (areaList ? (city ? options(areaList.county_list, city, 4) : []) : null), [areaList, city]);
  /** Before the list has loaded: the address's own name, the only choice. */
  const own = (code: string, name: string): Option[] => (known && code && name ? [{ code, name }] : []);

  const errorId = `${id}-error`;
  const common = { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined };

  const emit = (countyCode: string) => {
    if (!countyCode || !areaList) return onChange(EMPTY);
    onChange({
      areaCode: countyCode,
      province: areaList.province_list[`${countyCode.slice(0, 2)}0000`] ?? '',
      city: areaList.city_list[`${countyCode.slice(0, 4)}00`] ?? '',
      county: areaList.county_list[countyCode] ?? '',
    });
  };

  return (
    <fieldset className="field region-picker">
      <legend id={`${id}-legend`}>地区</legend>
      <div className="region-selects">
        <select
          id={id}
          aria-label="省份"
          value={province}
          disabled={!areaList}
          {...common}
          onChange={(e) => {
            setProvince(e.target.value);
            setCity('');
            emit('');
          }}
        >
          <option value="">请选择省份</option>
          {(provinces ?? own(province, value.province)).map((o) => (
            <option key={o.code} value={o.code}>
              {o.name}
            </option>
          ))}
        </select>
        <select
          aria-label="城市"
          value={city}
          disabled={!areaList || !province}
          {...common}
          onChange={(e) => {
            const c = e.target.value;
            setCity(c);
            const only = c && areaList ? options(areaList.county_list, c, 4) : [];
            // A city with a single county (or none listed) needs no third choice.
            emit(only.length === 1 ? only[0].code : '');
          }}
        >
          <option value="">请选择城市</option>
          {(cities ?? own(city, value.city)).map((o) => (
            <option key={o.code} value={o.code}>
              {o.name}
            </option>
          ))}
        </select>
        <select aria-label="区县" value={county} disabled={!areaList || !city} {...common} onChange={(e) => emit(e.target.value)}>
          <option value="">请选择区县</option>
          {(counties ?? own(county, value.county)).map((o) => (
            <option key={o.code} value={o.code}>
              {o.name}
            </option>
          ))}
        </select>
      </div>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
