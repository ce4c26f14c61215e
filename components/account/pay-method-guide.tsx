import { METHODS, type PayMethod } from '@/components/pay/pay-methods';
import { CardSection } from '@/components/ui/card-section';
import { UNPAID_RULE } from '@/content/shop-rules';
import type { Device } from '@/lib/web/device';

/** The supported payment methods and how each works on this device. */
export function PayMethods({ device, only }: { device: Device; only?: PayMethod }) {
  const methods = only ? METHODS.filter((m) => m.id === only) : METHODS;
  return (
    <CardSection title={only ? '如何付款' : '支持的支付方式'}>
      <ul className="pay-methods">
        {methods.map(({ id, name, Mark, how }) => (
          <li key={id}>
            <Mark />
            <div>
              <h3>{name}</h3>
              <ol className="small">
                {how[device].map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </div>
          </li>
        ))}
      </ul>
      <p className="notice small">{UNPAID_RULE}</p>
    </CardSection>
  );
}
