'use client';
/**
 * 地区: three cascading selects (province → city → county) over @vant/area-data. Codes are 6 digits:
 * a city shares its province's first 2, a county its city's first 4. Emits areaCode (the county's)
 * and the three names; an incomplete choice emits empty values so 请选择地区 shows.
 */
import { areaList } from '@vant/area-data';
import { useMemo, useState } from 'react';

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
  const known = /^\d{6}$/.test(value.areaCode) && areaList.county_list[value.areaCode] !== undefined;
  const [province, setProvince] = useState(known ? `${value.areaCode.slice(0, 2)}0000` : '');
  const [city, setCity] = useState(known ? `${value.areaCode.slice(0, 4)}00` : '');
  const county = known ? value.areaCode : '';

  const provinces = useMemo(() => options(areaList.province_list, '', 0), []);
  const cities = useMemo(() => (province ? options(areaList.city_list, province, 2) : []), [province]);
  const counties = useMemo(() => (city ? options(areaList.county_list, city, 4) : []), [city]);

  const errorId = `${id}-error`;
  const common = { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined };

  const emit = (countyCode: string) => {
    if (!countyCode) return onChange(EMPTY);
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
          {...common}
          onChange={(e) => {
            setProvince(e.target.value);
            setCity('');
            emit('');
          }}
        >
          <option value="">请选择省份</option>
          {provinces.map((o) => (
            <option key={o.code} value={o.code}>
              {o.name}
            </option>
          ))}
        </select>
        <select
          aria-label="城市"
          value={city}
          disabled={!province}
          {...common}
          onChange={(e) => {
            const c = e.target.value;
            setCity(c);
            const only = c ? options(areaList.county_list, c, 4) : [];
            // A city with a single county (or none listed) needs no third choice.
            emit(only.length === 1 ? only[0].code : '');
          }}
        >
          <option value="">请选择城市</option>
          {cities.map((o) => (
            <option key={o.code} value={o.code}>
              {o.name}
            </option>
          ))}
        </select>
        <select aria-label="区县" value={county} disabled={!city} {...common} onChange={(e) => emit(e.target.value)}>
          <option value="">请选择区县</option>
          {counties.map((o) => (
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
