/** − [n] +: a quantity within 1…max, typed or stepped (the SKU sheet, the cart). */
export function Stepper({ value, max, onChange, label }: { value: number; max: number; onChange: (n: number) => void; label: string }) {
  return (
    <div className="s-stepper" role="group" aria-label={label}>
      <button type="button" aria-label="减少" disabled={value <= 1} onClick={() => onChange(value - 1)}>
        −
      </button>
      <input
        inputMode="numeric"
        aria-label="数量"
        value={max > 0 ? value : 0}
        disabled={max <= 0}
        onChange={(e) => onChange(Number(e.target.value.replace(/\D/g, '') || 1))}
      />
      <button type="button" aria-label="增加" disabled={value >= max} onClick={() => onChange(value + 1)}>
        +
      </button>
    </div>
  );
}
