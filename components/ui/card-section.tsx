/** A card with its h2: one section of a screen (地址规则, 订单状态说明 …). */
export function CardSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="card">
      <h2>{title}</h2>
      {children}
    </section>
  );
}
