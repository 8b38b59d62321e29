/** STUB: replaced by the DELIVERY branch's order summary panel at merge. */
export function OrderSummary({ allowModifications }: { allowModifications: boolean }) {
  return (
    <aside aria-label="Order summary" data-allow-modifications={allowModifications}>
      <h2>Order summary</h2>
    </aside>
  );
}
