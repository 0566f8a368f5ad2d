/** A product picture's thumbnail: same name with -thumb for -large (docs/decisions/005). */
export function thumbnail(url: string | undefined): string | undefined {
  return url?.replace(/-large\.webp$/, "-thumb.webp");
}
