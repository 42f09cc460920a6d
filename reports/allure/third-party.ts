/**
 * A report about a financial service calls no third party. Allure 3's "awesome" template always
 * writes a Google Tag Manager loader and its inline gtag script into index.html (the plugin has no
 * option to leave it out), so the report builder removes both and adds a Content-Security-Policy
 * that lets the page load only what it carries itself. A browser test proves no request leaves.
 */

const TAG_MANAGER_LOADER =
  /<script\b[^>]*\bsrc\s*=\s*["'][^"']*googletagmanager\.com[^"']*["'][^>]*>\s*<\/script>/gi;
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const ANALYTICS_CODE = /\bgtag\s*\(|\bdataLayer\b|google-analytics|googletagmanager/;

/**
 * Only what the page itself carries (inline code and data: URLs) or its own folder serves: anything
 * else (an analytics host, a font service) is refused by the browser even if a script asks for it.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self' data: blob:",
  "script-src 'self' 'unsafe-inline' 'unsafe-eval' data: blob:",
  "style-src 'self' 'unsafe-inline' data:",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' data: blob:",
  "frame-src 'self' data: blob:",
  "worker-src 'self' data: blob:",
  "form-action 'none'",
].join('; ');

const CSP_META = `<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">`;

export interface StripResult {
  readonly html: string;
  /** How many script elements were removed. */
  readonly removed: number;
}

/** Removes the tag-manager loader and inline analytics scripts, and adds the policy once. */
export const stripThirdPartyScripts = (html: string): StripResult => {
  let removed = 0;
  let out = html.replace(TAG_MANAGER_LOADER, () => {
    removed += 1;
    return '';
  });
  out = out.replace(INLINE_SCRIPT, (whole, attributes: string, body: string) => {
    if (/\bsrc\s*=/.test(attributes) || !ANALYTICS_CODE.test(body)) return whole;
    removed += 1;
    return '';
  });
  if (!out.includes('http-equiv="Content-Security-Policy"')) {
    out = /<meta charset[^>]*>/i.test(out)
      ? out.replace(/(<meta charset[^>]*>)/i, `$1\n    ${CSP_META}`)
      : out.replace(/<head>/i, `<head>\n    ${CSP_META}`);
  }
  return { html: out, removed };
};

/** Addresses outside the page that its markup would load (script, link, img, iframe, …). */
export const externalResourceUrls = (html: string): string[] => {
  const urls = new Set<string>();
  const TAG = /<(script|link|img|iframe|source|video|audio|embed|object)\b[^>]*>/gi;
  for (const [tag] of html.matchAll(TAG)) {
    for (const match of tag.matchAll(/\b(?:src|href|data)\s*=\s*["']((?:https?:)?\/\/[^"']+)["']/gi)) {
      urls.add(match[1] as string);
    }
  }
  for (const match of html.matchAll(/@import\s+(?:url\()?["']?((?:https?:)?\/\/[^"')\s]+)/gi)) {
    urls.add(match[1] as string);
  }
  return [...urls].sort();
};
