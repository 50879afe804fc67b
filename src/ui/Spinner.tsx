export function Spinner({ label = 'Loading' }: { label?: string }) {
  return <div class="spinner" role="status" aria-label={label} />
}
