const STEPS = ['确认订单', '选择支付', '支付完成'] as const;

/** The checkout step indicator: 确认订单 → 选择支付 → 支付完成. `current` counts from 1. */
export function CheckoutSteps({ current }: { current: 1 | 2 | 3 }) {
  return (
    <ol className="steps" aria-label="下单步骤">
      {STEPS.map((label, i) => {
        const step = i + 1;
        const state = step < current ? 'done' : step === current ? 'current' : 'todo';
        return (
          <li key={label} data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
            {state === 'done' ? <span className="sr-only">已完成：</span> : null}
            {label}
          </li>
        );
      })}
    </ol>
  );
}
