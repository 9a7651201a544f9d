/**
 * The head tags of a guest's private page (`/stay/{token}`, `/review/{token}`, [guest.page]):
 * never indexed, and the page's address (which holds the token) never sent on as a referrer.
 * React hoists them into `<head>`; the server also sends them with the page and as headers.
 */
export function PrivatePageMeta({ title }: { title: string }) {
  return (
    <>
      <title>{title}</title>
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="no-referrer" />
    </>
  );
}
