/** Who asked, as the host knows it: the desktop host passes the calling page (its WebContents). Opaque to core. */
export interface Caller {
  readonly page: unknown;
}
