/**
 * What the router shows while the first screen's code loads (its HydrateFallback): index.html's
 * splash, drawn by the same global classes from index.html's inline style, so the static splash
 * hands over to this one without a visible change. Later navigations keep the current screen
 * and show the progress bar instead (navigation-progress.tsx).
 */
export function RouteFallback() {
  return (
    <div className="splash" role="status" data-route-fallback>
      <svg width="48" height="48" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#1f4fd1" />
        <path
          d="M9 8v16h14"
          fill="none"
          stroke="#fff"
          strokeWidth="3.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="20" cy="12" r="3" fill="#47cd89" />
      </svg>
      <p className="splash-name">LendPath</p>
      <span className="splash-bar" aria-hidden="true" />
      <span className="splash-label">Loading the page</span>
      <p className="splash-slow">Still loading: a slow connection takes a little longer.</p>
    </div>
  );
}
