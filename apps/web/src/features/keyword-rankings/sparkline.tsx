/** Drawing size of the table's sparkline (CSS pixels). */
const WIDTH = 96;
const HEIGHT = 24;

/**
 * A 30-day rank sparkline: up is better; days without a check leave a gap. A plain SVG (no chart
 * library in the table's rows); its meaning is given in words by the caller (`label`).
 */
export function Sparkline({
  values,
  depth,
  label,
}: {
  values: (number | null)[];
  depth: number;
  label: string;
}) {
  const worst = depth + 1;
  const step = values.length > 1 ? WIDTH / (values.length - 1) : 0;
  const y = (v: number) => 2 + ((Math.min(v, worst) - 1) / Math.max(1, worst - 1)) * (HEIGHT - 4);
  const segments: string[] = [];
  let current = '';
  values.forEach((v, i) => {
    if (v === null) {
      if (current) segments.push(current);
      current = '';
      return;
    }
    current += `${current ? 'L' : 'M'}${(i * step).toFixed(1)},${y(v).toFixed(1)}`;
  });
  if (current) segments.push(current);
  const lastIndex = values.findLastIndex((v) => v !== null);
  const last = lastIndex >= 0 ? values[lastIndex]! : null;
  return (
    <svg
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={label}
    >
      <title>{label}</title>
      <line
        x1={0}
        x2={WIDTH}
        y1={y(worst)}
        y2={y(worst)}
        stroke="currentColor"
        strokeOpacity={0.15}
      />
      {segments.map((d) => (
        <path key={d} d={d} fill="none" stroke="currentColor" strokeWidth={1.5} />
      ))}
      {last !== null ? (
        <circle cx={lastIndex * step} cy={y(last)} r={2.5} fill="currentColor" />
      ) : null}
    </svg>
  );
}
