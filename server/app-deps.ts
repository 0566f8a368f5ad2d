import type { Config } from "./config";
import type { Database, Db } from "./db/database";
import type { CatalogCache } from "./modules/catalog/catalog-cache";
import type { MediaStorage } from "./modules/media/media-storage";
import type { PaymentProvider } from "./modules/payments/payment-provider";

/** What the modules are given: built once by `buildApp`, passed down, never global. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  catalogCache: CatalogCache;
  media: MediaStorage;
  /** The configured payment gateway (PAYMENT_PROVIDER). */
  payments: PaymentProvider;
}
