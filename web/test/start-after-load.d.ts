// The storefront's plain script (web/public), imported by its test for its effects only.
declare module "*/start-after-load.js";
