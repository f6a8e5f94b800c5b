/**
 * The Content-Security-Policy of every built page. Scripts and workers only from the app itself;
 * no remote anything. `style-src 'unsafe-inline'` is needed for the style attributes the component
 * library sets; no inline script is allowed. The desktop host sends it as a response header and
 * the build puts it in index.html, so the browser build carries it too.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-src 'none'",
].join('; ');

/**
 * The same policy as a static web host should send it, as an HTTP header, for the browser build
 * (README, "Host it on a web server"; the build writes it to out/web/_headers). A header can also
 * forbid other sites to frame the app (`frame-ancestors`), which a meta tag cannot carry:
 * browsers ignore that directive there.
 */
export const contentSecurityPolicyHeader = `${contentSecurityPolicy}; frame-ancestors 'none'`;
