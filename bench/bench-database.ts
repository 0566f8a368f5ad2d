import { randomBytes } from "node:crypto";
import pg from "pg";
import type { Database } from "../server/db/database";
import { openPostgres } from "../server/db/postgres";
import { addresses, users } from "../server/db/schema";
import { cookieNames, createSession } from "../server/http/sessions";
import { hashPassword } from "../server/modules/auth/passwords";

/** A fresh PostgreSQL database for one bench section, dropped afterwards. */
export async function withBenchDatabase<T>(
  adminUrl: string,
  work: (url: string, database: Database) => Promise<T>,
): Promise<T> {
  const name = `greencart_bench_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), undefined, 5);
  try {
    return await work(url.toString(), database);
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

export interface BenchShopper {
  cookie: string;
  address: string;
}

/** Shoppers with sessions and an address each, made directly (hashing passwords one by one is slow). */
export async function makeShoppers(database: Database, count: number): Promise<BenchShopper[]> {
  const passwordHash = await hashPassword("bench-shopper-password");
  const created = await database.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        name: `Bench ${i}`,
        email: `bench${i}-${randomBytes(3).toString("hex")}@example.com`,
        passwordHash,
      })),
    )
    .returning();
  const shoppers: BenchShopper[] = [];
  for (const user of created) {
    const [address] = await database.db
      .insert(addresses)
      .values({
        userId: user.id,
        firstName: "B",
        lastName: "S",
        email: "b@example.com",
        street: "1 Road",
        city: "Pune",
        state: "MH",
        zipcode: "411001",
        country: "India",
        phone: "+919876543210",
      })
      .returning();
    const { token } = await createSession(database.db, "user", user.id);
    shoppers.push({ cookie: `${cookieNames.user}=${token}`, address: address!.id });
  }
  return shoppers;
}

/** The p-th percentile of a list of numbers (0–100). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}
