/**
 * A model or unit lost, as a picture marks it: its square hollow, dashed and crossed through, so it
 * reads without colour (printed, or on a grey screen). The cross stands a sixth of the square in.
 */
export function CasualtySquare({ x, y, size, ink }: { x: number; y: number; size: number; ink: string }) {
  const inset = size / 6;
  const near = (v: number) => v + inset;
  const far = (v: number) => v + size - inset;
  return (
    <>
      <rect x={x} y={y} width={size} height={size} fill="white" stroke={ink} strokeWidth={1.5} strokeDasharray="3 2" />
      <path
        d={`M${near(x)} ${near(y)} L${far(x)} ${far(y)} M${far(x)} ${near(y)} L${near(x)} ${far(y)}`}
        stroke={ink}
        strokeWidth={2}
      />
    </>
  );
}

/**
 * Diagonal hatching, for a `fill="url(#id)"`: black strokes on a ground, so a shaded area reads
 * without colour. Its `<pattern>` goes in the `<defs>` of the picture that uses it.
 */
export function HatchPattern({
  id,
  size,
  ground,
  stroke = 3,
}: {
  id: string;
  size: number;
  ground: string;
  stroke?: number;
}) {
  return (
    <pattern id={id} width={size} height={size} patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
      <rect width={size} height={size} fill={ground} />
      <line x1={0} y1={0} x2={0} y2={size} stroke="black" strokeWidth={stroke} />
    </pattern>
  );
}
