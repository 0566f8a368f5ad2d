import type { FastifyBaseLogger } from "fastify";
import { firstScreenCalls } from "../../../contract/catalogue-urls";
import { drawnPageName, pageTitle } from "../../../contract/page-title";
import { thumbnailUrl } from "../../../contract/product-images";
import type { CatalogAnswers } from "../catalog/catalog-answers";

/** Pictures worth fetching before the app's JavaScript has run (the first cards, a product's photo). */
const PRELOADED_IMAGES = 4;

export interface FirstScreen {
  /** `<script type="application/json" id="initial-data">` with the catalogue answers. */
  data: string;
  /** `<link rel="preload" as="image">` for the first pictures the page will show. */
  preloads: string;
  /** The same answers by API path, for the server's rendering of the page. */
  answers: Record<string, unknown>;
  /** `<title>` for the page, as the app names it (contract/page-title.ts); none: the built one. */
  title?: string;
}

/** The catalogue answers a page shows first, as the API sends them. */
export interface FirstScreenAnswers {
  /** The calls and their ETags: the same key, the same answers. */
  key: string;
  bodies: { call: string; body: string }[];
  /** The calls the API would refuse (a product not found), not those it could not read. */
  refused: string[];
}

/**
 * The catalogue answers a storefront page shows first, from the catalogue's cache, exactly as the
 * API sends them. One the API would not answer with 200 is left out, as is one the database could
 * not give (logged): the browser then asks for it itself.
 */
export async function firstScreenAnswers(
  catalog: CatalogAnswers,
  pathname: string,
  search: string,
  log: Pick<FastifyBaseLogger, "warn">,
): Promise<FirstScreenAnswers> {
  const bodies: FirstScreenAnswers["bodies"] = [];
  const tags: string[] = [];
  const refused: string[] = [];
  for (const call of firstScreenCalls(pathname, search)) {
    let answer;
    try {
      answer = await catalog.at(call);
      if (!answer) refused.push(call);
    } catch (error) {
      log.warn({ err: error }, `the first screen's ${call} could not be read; the browser asks`);
    }
    if (!answer) continue;
    bodies.push({ call, body: answer.body });
    tags.push(`${call} ${answer.etag}`);
  }
  return { key: tags.join("\n"), bodies, refused };
}

/**
 * The catalogue answers a storefront page shows first, written into the HTML, so the first screen
 * needs no request chain (HTML → JS → API → images): the app reads them instead of calling the
 * API, and the browser starts on the pictures at once (docs/decisions/009-first-screen-data.md).
 */
export function firstScreen(
  fetched: FirstScreenAnswers,
  pathname: string,
  search = "",
): FirstScreen {
  const answers: string[] = [];
  const parsed: Record<string, unknown> = {};
  const images: string[] = [];
  let productName: string | undefined;
  for (const { call, body: text } of fetched.bodies) {
    answers.push(`${JSON.stringify(call)}:${text}`);
    const body = JSON.parse(text) as {
      product?: { image: string[]; name: string };
      products?: { image: string[] }[];
    };
    parsed[call] = body;
    productName ??= body.product?.name;
    if (body.product?.image[0]) images.push(body.product.image[0]);
    for (const product of body.products ?? []) {
      const first = product.image[0];
      if (first) images.push(thumbnailUrl(first));
    }
  }
  const name = drawnPageName(pathname, search, productName);
  const title =
    name === undefined ? undefined : `<title>${escapeAttribute(pageTitle(name))}</title>`;
  if (answers.length === 0) return { data: "", preloads: "", answers: {}, title };
  // Home's largest picture is the hero, preloaded by the built page itself; Best Sellers come
  // below it and load as the page renders.
  const preloaded = pathname.replace(/\/+$/, "") === "" ? [] : [...new Set(images)];
  // "<" never appears outside a string in JSON: escaped, no text can close the script element.
  const json = `{"answers":{${answers.join(",")}}}`.replace(/</g, "\\u003c");
  return {
    title,
    answers: parsed,
    data: `<script id="initial-data" type="application/json">${json}</script>`,
    preloads: preloaded
      .slice(0, PRELOADED_IMAGES)
      .map(
        (src, i) =>
          `<link rel="preload" as="image" href="${escapeAttribute(src)}"${i === 0 ? ' fetchpriority="high"' : ""}>`,
      )
      .join(""),
  };
}

function escapeAttribute(text: string): string {
  return text.replace(
    /[&"<>]/g,
    (c) => ({ "&": "&amp;", '"': "&quot;", "<": "&lt;", ">": "&gt;" })[c]!,
  );
}
