/**
 * What every table of moves shares (orders, payments, refunds, invoices, coupons; docs/states.md#guarded-updates):
 * a row names a move `from → to` and who or what may make it. Each table lives beside its statuses;
 * its writer (moveOrder, movePayment …) refuses a move these say the table lacks.
 */

/** One row of a table of moves. */
export type Move<S extends string = string, A extends string = string> = { readonly from: S; readonly to: S; readonly by: readonly A[] };

/**
 * The states a row of `T` may move to from every state in F (a move from several states names a
 * target all of them may reach): the type of a writer's `to`, which keeps moves outside the table from
 * compiling.
 */
export type TargetOf<T extends Move, F> = (F extends unknown ? (t: { to: Extract<T, { from: F }>['to'] }) => void : never) extends (t: infer I) => void
  ? I extends { to: unknown }
    ? I['to']
    : never
  : never;

/** Whether `table` lets a row in `from` move to `to` (by `by`, when named). */
export function mayMove<S extends string, A extends string>(table: readonly Move<S, A>[], from: S, to: S, by?: A): boolean {
  return table.some((t) => t.from === from && t.to === to && (!by || t.by.includes(by)));
}

/**
 * `from` as a list, each state checked against `table`: a writer refuses a move outside its table
 * before it writes anything (`what` names the row in the error: "an order").
 */
export function checkedFroms<S extends string, A extends string>(table: readonly Move<S, A>[], from: NoInfer<S> | readonly NoInfer<S>[], to: NoInfer<S>, what: string): readonly S[] {
  const froms = typeof from === 'string' ? [from as S] : (from as readonly S[]);
  for (const f of froms) if (!mayMove(table, f, to)) throw new Error(`${what} never moves ${f} → ${to}`);
  return froms;
}
