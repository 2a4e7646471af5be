/**
 * What a page shows while its loader runs past 200 ms (the router's pending delay): the shape of a page — a
 * title bar and rows — so the layout does not jump when the data arrives. The shell's PendingBar draws the
 * progress bar above it.
 */
export function PageSkeleton() {
  return (
    <main className="page" aria-busy="true">
      <div className="skeleton skeleton-title" />
      <div className="skeleton skeleton-block" />
      {[0, 1, 2, 3, 4].map((row) => (
        <div key={row} className="skeleton skeleton-row" />
      ))}
    </main>
  );
}
