import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../test/test-app";
import { apiRoutes } from "./api-docs-routes";

const t = useTestApp();

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
}

const toOpenApiPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1", async () => {
    const response = await t.app.inject({ url: "/api/openapi.json" });
    expect(response.statusCode).toBe(200);
    const document = response.json<OpenApiDocument>();
    expect(document.openapi).toBe("3.1.0");
    const result = await new Validator().validate(document as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("covers every API route, each with its answers", async () => {
    const document = (await t.app.inject({ url: "/api/openapi.json" })).json<OpenApiDocument>();
    const routes = apiRoutes(t.app);
    expect(routes.length).toBeGreaterThan(35);
    const hiddenOnPurpose = /^\/api\/payments\/demo\//; // the demo provider's own HTML pages
    for (const { method, url } of routes) {
      if (hiddenOnPurpose.test(url)) continue;
      const operation = document.paths[toOpenApiPath(url)]?.[method.toLowerCase()];
      expect(operation, `${method} ${url} is missing from the document`).toBeDefined();
      expect(
        Object.keys(operation?.responses ?? {}),
        `${method} ${url} documents no answer`,
      ).not.toEqual([]);
    }
  });

  it("is readable at /api/docs from the store's own files, no CDN", async () => {
    let page = await t.app.inject({ url: "/api/docs" });
    if (page.statusCode === 302)
      page = await t.app.inject({ url: page.headers.location as string });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) expect(source).not.toMatch(/^(https?:)?\/\//);
    const script = sources.find((s) => s.endsWith("swagger-ui-bundle.js"))!;
    const asset = await t.app.inject({
      url: script.startsWith("/") ? script : `/api/docs/${script.replace(/^\.\//, "")}`,
    });
    expect(asset.statusCode).toBe(200);
  });

  it("works with any query string: the page is asked for without it, never in a loop", async () => {
    for (const url of [
      "/api/docs?utm_source=x",
      "/api/docs/?anything",
      "/api/docs/static/index.html?x",
    ]) {
      const first = await t.app.inject({ url });
      expect(first.statusCode).toBe(302);
      const next = first.headers.location as string;
      expect(next).not.toContain("?");
      let page = await t.app.inject({ url: next });
      if (page.statusCode === 302)
        page = await t.app.inject({ url: page.headers.location as string });
      expect(page.statusCode).toBe(200);
      expect(page.headers["content-type"]).toContain("text/html");
    }
    // Its assets keep theirs (a cache-buster).
    expect(
      (await t.app.inject({ url: "/api/docs/static/swagger-initializer.js?v=1" })).statusCode,
    ).toBe(200);
  });
});
