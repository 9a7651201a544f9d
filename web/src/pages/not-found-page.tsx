import { PlaceholderPage } from './placeholder-page';

/** Any path that is not a route ([routes.not-found]: a page reading "404 Page Not Found"). */
export function NotFoundPage() {
  return (
    <PlaceholderPage title="404 Page Not Found" belowNavigation>
      The page you were looking for is not here. It may have moved, or the link may be mistyped.
    </PlaceholderPage>
  );
}
