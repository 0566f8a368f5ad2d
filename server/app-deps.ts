import type { Config } from "./config";
import type { ChangeSignal } from "./db/change-signal";
import type { Database, Db } from "./db/database";
import type { CookieSettings, SessionGuards } from "./http/sessions";
import type { CatalogAnswers } from "./modules/catalog/catalog-answers";
import type { CatalogCache } from "./modules/catalog/catalog-cache";
import type { MediaStorage } from "./modules/media/media-storage";
import type { PublicUrls } from "./modules/media/public-urls";
import type { OrderStreamHub } from "./modules/orders/order-stream-hub";
import type { PaymentProvider } from "./modules/payments/payment-provider";

/** What the modules are given: built once by `buildApp`, passed down, never global. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  /** Makes stored paths absolute (MEDIA_URL, PUBLIC_URL). */
  urls: PublicUrls;
  /** The catalogue's cached answers (laid over with live stock), and the queries that read them. */
  catalog: { cache: CatalogCache; answers: CatalogAnswers };
  /** Tells every process that committed changes await (stock ledger, order events). */
  changes: ChangeSignal;
  orderStreams: OrderStreamHub;
  media: MediaStorage;
  /** The configured payment gateway (PAYMENT_PROVIDER). */
  payments: PaymentProvider;
  /** Session checks as onRequest hooks. */
  guards: SessionGuards;
  /** How session cookies are set: `Secure` when the store is served over https. */
  sessionCookie: CookieSettings;
}
