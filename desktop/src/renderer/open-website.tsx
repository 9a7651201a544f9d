import { useEffect, useRef } from 'react';
import { Redirect } from 'wouter';

/**
 * The dashboard's "View website" link leads to "/": the public site opens in the system browser
 * (the window-open handler hands http(s) URLs to it) and the app stays on the dashboard.
 */
export function OpenWebsite({ serverUrl }: { serverUrl: string | null }) {
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !serverUrl) return;
    opened.current = true;
    window.open(`${serverUrl}/`, '_blank', 'noopener,noreferrer');
  }, [serverUrl]);
  return <Redirect to="/admin" replace />;
}
