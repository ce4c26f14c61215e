/**
 * 快递公司 (from the list) and 运单号, named `carrier` and `trackingNo` for FormData: the console's
 * 发货 and 换新发出, and the shopper's 退货物流. The form checks them with waybillSchema.
 */
import { CARRIERS, TRACKING_NO_MAX } from '@/lib/domain/tracking';

export function WaybillFields({ id, errorId }: { id: string; errorId?: string }) {
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-carrier`}>快递公司</label>
        <select id={`${id}-carrier`} name="carrier" defaultValue="" required>
          <option value="" disabled>
            请选择快递公司
          </option>
          {CARRIERS.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-no`}>运单号</label>
        <input id={`${id}-no`} name="trackingNo" autoComplete="off" maxLength={TRACKING_NO_MAX} required aria-describedby={errorId} />
      </div>
    </>
  );
}
