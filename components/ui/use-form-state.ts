'use client';
/**
 * The state the shop's forms keep: the values, one message per field, and the request on its way.
 * A form checks its values with the same zod schema as the API, shows each message under its field
 * (focusing the first), and sends through lib/api/client.ts, which toasts a refusal itself: so a
 * failed request needs no handling here beyond ending the busy state.
 */
import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import type { z } from 'zod';

export type Errors<F extends string> = Partial<Record<F, string>>;

/** The first message of each field of a failed safeParse. */
export function fieldErrors<F extends string>(error: z.ZodError, fields: readonly F[]): Errors<F> {
  const out: Errors<F> = {};
  for (const issue of error.issues) {
    const f = issue.path[0] as F;
    if (fields.includes(f) && !out[f]) out[f] = issue.message;
  }
  return out;
}

/**
 * One request at a time: `busy` while it runs. `submit` resolves true when the request succeeded.
 * With `stayBusy` a form that leaves the page on success (a reload, a redirect) stays disabled
 * until it is gone, so it cannot be sent twice.
 */
export function useSubmit() {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const submit = useCallback(async (request: () => Promise<unknown>, opts: { stayBusy?: boolean } = {}): Promise<boolean> => {
    if (running.current) return false;
    running.current = true;
    setBusy(true);
    let ok = false;
    try {
      await request();
      ok = true;
    } catch {
      // The API client has shown the server's message as a toast.
    } finally {
      if (!ok || !opts.stayBusy) {
        running.current = false;
        setBusy(false);
      }
    }
    return ok;
  }, []);
  return { busy, submit };
}

/** What a zod safeParse returns, and the data of a successful one. */
export type Parsed = { success: true; data: unknown } | { success: false; error: z.ZodError };
export type ParsedData<R extends Parsed> = Extract<R, { success: true }>['data'];

type InputChange = ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>;

/**
 * A form's values, its field messages and its request. `fields` lists the fields in the order they
 * are shown: the first one with a message gets the focus. Field ids are `id(field)`.
 */
export function useFormState<V extends object, F extends string>(initial: V | (() => V), fields: readonly F[]) {
  const uid = useId();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Errors<F>>({});
  const { busy, submit } = useSubmit();
  const id = (f: string) => `${uid}-${f}`;

  // A server-rendered form can be typed into before its script has run; hydration keeps what the
  // shopper typed on screen but not in this state, which would then send (and soon show) the empty
  // values. On mount, take every field whose text differs from what the server rendered
  // (React sets defaultValue to the rendered value).
  useEffect(() => {
    const typed: Partial<Record<string, string>> = {};
    for (const f of fields) {
      const el = document.getElementById(`${uid}-${f}`);
      if ((el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) && el.value !== el.defaultValue) typed[f] = el.value;
    }
    // The DOM is the outside system here, read once: its text has to reach the state after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (Object.keys(typed).length > 0) setValues((v) => ({ ...v, ...typed }));
    // Once, on mount: later typing reaches the state through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** Forgets the message of these fields (the shopper is changing them). */
  const clear = (...keys: string[]) =>
    setErrors((e) => {
      if (!keys.some((k) => e[k as F])) return e;
      const next = { ...e };
      for (const k of keys) delete next[k as F];
      return next;
    });

  /** Sets some values and forgets the messages of those fields. */
  const patch = (p: Partial<V>) => {
    setValues((v) => ({ ...v, ...p }));
    clear(...Object.keys(p));
  };

  /** Shows these messages, focusing the first field that has one; true when there are none. */
  const check = (found: Errors<F>) => {
    setErrors(found);
    const first = fields.find((f) => found[f]);
    if (first) document.getElementById(id(first))?.focus();
    return !first;
  };

  /** The data of a successful safeParse (its messages cleared), or null once a failed one's messages are shown. */
  const valid = <R extends Parsed>(result: R): ParsedData<R> | null => {
    const r: Parsed = result;
    if (!r.success) {
      check(fieldErrors(r.error, fields));
      return null;
    }
    check({});
    return r.data as ParsedData<R>;
  };

  /** What a text input of field `f` takes: id, name, value, onChange and its message. */
  const input = (f: F & keyof V & string) => ({
    id: id(f),
    name: f,
    value: String(values[f] ?? ''),
    error: errors[f],
    onChange: (e: InputChange) => patch({ [f]: e.target.value } as Partial<V>),
  });

  return { id, values, setValues, errors, setErrors, clear, patch, check, valid, input, busy, submit };
}
