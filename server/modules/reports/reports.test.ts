import { describe, expect, it } from "vitest";
import type { Dashboard } from "../../../contract/seller";
import { insertOrder, insertProduct } from "../../test/factories";
import { createSeller, createShopper } from "../../test/sessions";
import { useTestApp } from "../../test/test-app";
import { csvField } from "../orders/order-export";

const t = useTestApp();

const IST_OFFSET_MS = 5.5 * 3600_000;
/** Midnight that starts today in India, as a moment. */
function istMidnightToday(): Date {
  const ist = new Date(Date.now() + IST_OFFSET_MS);
  return new Date(
    Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate()) - IST_OFFSET_MS,
  );
}
const istDate = (moment: Date) =>
  new Date(moment.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
const minutes = (n: number) => n * 60_000;

async function dashboard(query = "") {
  const seller = await createSeller(t.database.db);
  const response = await t.app.inject({
    url: `/api/seller/dashboard${query}`,
    cookies: seller.cookies,
  });
  return { response, body: response.json<Dashboard>() };
}

describe("GET /api/seller/dashboard", () => {
  it("counts the day in the shop's time zone and matches a set of orders built here", async () => {
    const shopper = await createShopper(t.database.db);
    const rice = await insertProduct(t.database.db, { name: "Rice", stock: 40 });
    const milk = await insertProduct(t.database.db, { name: "Milk", stock: 3 });
    await insertProduct(t.database.db, { name: "Salt", stock: 0 });
    const midnight = istMidnightToday();
    const now = Date.now();
    const item = (product: { id: string; name: string }, quantity: number, unitPrice: number) => ({
      product,
      quantity,
      unitPrice,
    });

    // Today (IST): a delivered COD order placed 30 s after midnight, on time.
    await insertOrder(t.database.db, {
      userId: shopper.user.id,
      items: [item(rice, 2, 100)],
      status: "Delivered",
      isPaid: true,
      placedAt: new Date(midnight.getTime() + 30_000),
      dispatchedAt: new Date(midnight.getTime() + 30_000 + minutes(10)),
      deliveredAt: new Date(midnight.getTime() + 30_000 + minutes(25)),
    });
    // Today's orders are placed just after midnight, not some minutes before now: in the first
    // hour of the day in India (from 18:30 UTC) that would be yesterday.
    // Today: paid online, out for delivery after 20 minutes, late now.
    await insertOrder(t.database.db, {
      userId: shopper.user.id,
      items: [item(milk, 1, 60), item(rice, 1, 100)],
      paymentType: "Online",
      status: "Out for Delivery",
      isPaid: true,
      placedAt: new Date(midnight.getTime() + minutes(1)),
      dispatchedAt: new Date(midnight.getTime() + minutes(21)),
      deliverBy: new Date(now - minutes(1)),
    });
    // Today: COD still open (not paid yet: revenue all the same, due on delivery), on time.
    await insertOrder(t.database.db, {
      userId: shopper.user.id,
      items: [item(milk, 3, 60)],
      placedAt: new Date(midnight.getTime() + minutes(2)),
      deliverBy: new Date(now + minutes(25)),
    });
    // Today: cancelled (not an order of the day, no revenue, not in the average).
    await insertOrder(t.database.db, {
      userId: shopper.user.id,
      items: [item(rice, 9, 100)],
      status: "Cancelled",
      placedAt: new Date(midnight.getTime() + minutes(3)),
    });
    // Yesterday 23:59:30 IST: delivered late; not today.
    await insertOrder(t.database.db, {
      userId: shopper.user.id,
      items: [item(rice, 1, 100)],
      status: "Delivered",
      isPaid: true,
      placedAt: new Date(midnight.getTime() - 30_000),
      deliverBy: new Date(midnight.getTime() - 30_000 + minutes(30)),
      deliveredAt: new Date(midnight.getTime() + minutes(40)),
    });
    // Placed three days ago, sent out and delivered (late) only today: today's dispatch and
    // delivery figures count it.
    await insertOrder(t.database.db, {
      userId: shopper.user.id,
      items: [item(rice, 1, 100)],
      status: "Delivered",
      isPaid: true,
      placedAt: new Date(midnight.getTime() - minutes(3 * 24 * 60)),
      deliverBy: new Date(midnight.getTime() - minutes(3 * 24 * 60 - 30)),
      dispatchedAt: new Date(midnight.getTime() + minutes(5)),
      deliveredAt: new Date(midnight.getTime() + minutes(20)),
    });
    // An unpaid online checkout: placed nowhere yet.
    await insertOrder(t.database.db, {
      userId: shopper.user.id,
      items: [item(rice, 5, 100)],
      paymentType: "Online",
      status: "Awaiting Payment",
      placedAt: null,
    });

    const { response, body } = await dashboard();
    expect(response.statusCode).toBe(200);
    expect(body.timeZone).toBe("Asia/Kolkata");
    expect(body.today).toEqual({
      // Revenue is the orders times their average: a seller can check one against the others (4
      // orders, ₹360 and an average of ₹180 before).
      orders: 3,
      revenue: 200 + 160 + 180,
      averageOrderValue: (200 + 160 + 180) / 3,
      // 10, 20 and three days and 5 minutes.
      medianMinutesToDispatch: 20,
      // On time: the first of the three delivered today.
      onTimeRate: 0.3333,
      lateNow: 1,
    });
    expect(body.days).toHaveLength(7);
    expect(body.days.at(-1)).toEqual({ date: istDate(new Date()), orders: 3, revenue: 540 });
    expect(body.days.at(-2)).toEqual({
      date: istDate(new Date(midnight.getTime() - 1000)),
      orders: 1,
      revenue: 100,
    });
    expect(body.topProducts).toEqual([
      { _id: rice.id, name: "Rice", units: 5, revenue: 500 },
      { _id: milk.id, name: "Milk", units: 4, revenue: 240 },
    ]);
    expect(body.lowStock.map((p) => p.name)).toEqual(["Salt", "Milk"]);
  });

  it("covers 7 or 30 days, nothing else, for the seller only", async () => {
    expect((await dashboard("?days=30")).body.days).toHaveLength(30);
    const empty = (await dashboard()).body;
    expect(empty.today).toEqual({
      orders: 0,
      revenue: 0,
      averageOrderValue: 0,
      medianMinutesToDispatch: null,
      onTimeRate: null,
      lateNow: 0,
    });
    expect((await dashboard("?days=14")).response.statusCode).toBe(400);
    expect((await t.app.inject({ url: "/api/seller/dashboard" })).statusCode).toBe(401);
  });
});

describe("GET /api/order/seller/export.csv", () => {
  it("streams one row per item with a header, quoting commas, quotes and line breaks", async () => {
    const seller = await createSeller(t.database.db);
    const shopper = await createShopper(t.database.db);
    const tricky = await insertProduct(t.database.db, { name: 'Atta, "Chakki" fresh' });
    const plain = await insertProduct(t.database.db, { name: "Dal" });
    const order = await insertOrder(t.database.db, {
      userId: shopper.user.id,
      items: [
        { product: { id: tricky.id, name: tricky.name }, quantity: 2, unitPrice: 55.5 },
        { product: { id: plain.id, name: "Dal" }, quantity: 1, unitPrice: 120 },
      ],
      address: { street: "Flat 4, Rose Villa\nMG Road", firstName: "=HYPERLINK(1)" },
      createdAt: new Date("2026-11-20T10:00:00Z"),
    });
    // Outside the period, and an unpaid checkout: both left out.
    await insertOrder(t.database.db, {
      userId: shopper.user.id,
      items: [{ product: { id: plain.id, name: "Dal" }, quantity: 1, unitPrice: 120 }],
      createdAt: new Date("2026-11-22T10:00:00Z"),
    });
    await insertOrder(t.database.db, {
      userId: shopper.user.id,
      paymentType: "Online",
      status: "Awaiting Payment",
      placedAt: null,
      items: [{ product: { id: plain.id, name: "Dal" }, quantity: 1, unitPrice: 120 }],
      createdAt: new Date("2026-11-20T11:00:00Z"),
    });

    const response = await t.app.inject({
      url: "/api/order/seller/export.csv?from=2026-11-20&to=2026-11-21",
      cookies: seller.cookies,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(
      'attachment; filename="orders-2026-11-20-to-2026-11-21.csv"',
    );
    expect(response.body.startsWith("\uFEFFOrder ID,Placed at,Status")).toBe(true);
    const lines = response.body.slice(1).split("\r\n");
    expect(lines.at(-1)).toBe("");
    expect(response.body).toContain(
      `${order.id},2026-11-20 15:30:00,Order Placed,COD,no,231.00,0.00,0.00,231.00,"Atta, ""Chakki"" fresh",2,55.50,111.00,'=HYPERLINK(1) Rao`,
    );
    expect(response.body).toContain('"Flat 4, Rose Villa\nMG Road"');
    expect(response.body.match(new RegExp(order.id, "g"))).toHaveLength(2);
    expect(lines.filter((l) => l.startsWith(order.id))).toHaveLength(2);
  });

  it("counts an order on the day it was placed, as the dashboard does, not on the day it was started", async () => {
    const seller = await createSeller(t.database.db);
    const shopper = await createShopper(t.database.db);
    const dal = await insertProduct(t.database.db, { name: "Dal" });
    const midnight = istMidnightToday();
    const today = istDate(midnight);
    const yesterday = istDate(new Date(midnight.getTime() - 1000));
    // An online checkout started at 23:55 yesterday (IST) and paid at 00:05 today.
    const order = await insertOrder(t.database.db, {
      userId: shopper.user.id,
      items: [{ product: { id: dal.id, name: "Dal" }, quantity: 1, unitPrice: 120 }],
      paymentType: "Online",
      isPaid: true,
      createdAt: new Date(midnight.getTime() - minutes(5)),
      placedAt: new Date(midnight.getTime() + minutes(5)),
    });
    const exportOf = async (day: string) =>
      (
        await t.app.inject({
          url: `/api/order/seller/export.csv?from=${day}&to=${day}`,
          cookies: seller.cookies,
        })
      ).body;

    expect(await exportOf(yesterday)).not.toContain(order.id);
    const lines = (await exportOf(today)).split("\r\n").filter((l) => l.startsWith(order.id));
    expect(lines).toEqual([
      `${order.id},${today} 00:05:00,Order Placed,Online,yes,120.00,0.00,0.00,120.00,Dal,1,120.00,120.00,Asha Rao,asha@example.com,'+919876543210,12 MG Road,Bengaluru,Karnataka,560001,India`,
    ]);
    // The dashboard's days agree: today's count has it, yesterday's does not.
    const { body } = await dashboard();
    expect(body.days.at(-1)).toMatchObject({ date: today, orders: 1 });
    expect(body.days.at(-2)).toMatchObject({ date: yesterday, orders: 0 });
  });

  it("keeps an online payment that arrived after its hold lapsed (never placed, owed back), on the day it was started", async () => {
    const seller = await createSeller(t.database.db);
    const shopper = await createShopper(t.database.db);
    const dal = await insertProduct(t.database.db, { name: "Dal" });
    const owed = await insertOrder(t.database.db, {
      userId: shopper.user.id,
      items: [{ product: { id: dal.id, name: "Dal" }, quantity: 1, unitPrice: 120 }],
      paymentType: "Online",
      status: "Cancelled",
      isPaid: false,
      needsRefund: true,
      placedAt: null,
      createdAt: new Date("2026-11-20T18:00:00Z"), // 23:30 in India
    });
    const exportOf = async (from: string, to: string) =>
      (
        await t.app.inject({
          url: `/api/order/seller/export.csv?from=${from}&to=${to}`,
          cookies: seller.cookies,
        })
      ).body;

    expect(
      (await exportOf("2026-11-20", "2026-11-20"))
        .split("\r\n")
        .filter((l) => l.startsWith(owed.id)),
    ).toEqual([
      `${owed.id},2026-11-20 23:30:00,Cancelled,Online,no,120.00,0.00,0.00,120.00,Dal,1,120.00,120.00,Asha Rao,asha@example.com,'+919876543210,12 MG Road,Bengaluru,Karnataka,560001,India`,
    ]);
    expect(await exportOf("2026-11-21", "2026-11-21")).not.toContain(owed.id);
  });

  it("pages past a batch of 500 in the order orders were placed, each row once", async () => {
    const seller = await createSeller(t.database.db);
    const shopper = await createShopper(t.database.db);
    const dal = await insertProduct(t.database.db, { name: "Dal" });
    const start = Date.parse("2026-11-20T00:00:00Z");
    const count = 520;
    // Placed in the reverse of the order they were started in, three at a time in the same
    // microsecond (so that the batch boundary, at 500, falls inside a tie broken by id).
    const placed: { id: string; at: number }[] = [];
    for (let i = 0; i < count; i++) {
      const at = start + minutes(Math.floor((count - 1 - i) / 3));
      const order = await insertOrder(t.database.db, {
        userId: shopper.user.id,
        items: [{ product: { id: dal.id, name: "Dal" }, quantity: 1, unitPrice: 120 }],
        paymentType: "Online",
        isPaid: true,
        createdAt: new Date(start - minutes(60) + i * 1000),
        placedAt: new Date(at),
      });
      placed.push({ id: order.id, at });
    }
    placed.sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

    const response = await t.app.inject({
      url: "/api/order/seller/export.csv?from=2026-11-20&to=2026-11-20",
      cookies: seller.cookies,
    });
    const ids = response.body
      .slice(1)
      .split("\r\n")
      .slice(1, -1)
      .map((line) => line.split(",")[0]);
    expect(ids).toEqual(placed.map((o) => o.id));
  });

  it("refuses a bad period (400) and anyone but the seller (401)", async () => {
    const seller = await createSeller(t.database.db);
    for (const query of [
      "from=2026-11-20",
      "from=2026-02-30&to=2026-03-01",
      "from=2026-11-21&to=2026-11-20",
      "from=2020-01-01&to=2026-01-01",
      "from=x&to=y",
    ])
      expect(
        (
          await t.app.inject({
            url: `/api/order/seller/export.csv?${query}`,
            cookies: seller.cookies,
          })
        ).statusCode,
      ).toBe(400);
    expect(
      (await t.app.inject({ url: "/api/order/seller/export.csv?from=2026-11-20&to=2026-11-21" }))
        .statusCode,
    ).toBe(401);
  });

  it("quotes one field as RFC 4180 says and defuses spreadsheet formulas", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("=1+1")).toBe("'=1+1");
    expect(csvField("-3")).toBe("'-3");
    expect(csvField(-3)).toBe("-3");
    // Where a spreadsheet splits at semicolons, tabs or line breaks, quoted or not, what follows
    // is no formula either.
    expect(csvField("Chips;=cmd|' /C calc'!A0")).toBe(`"Chips;'=cmd|' /C calc'!A0"`);
    expect(csvField("a;b")).toBe('"a;b"');
    expect(csvField("1 Main\n@SUM(A1)")).toBe(`"1 Main\n'@SUM(A1)"`);
    expect(csvField("x\t+1")).toBe(`"x\t'+1"`);
    expect(csvField("\t=1")).toBe(`"'\t'=1"`);
    expect(csvField("Flat 2; Block -C")).toBe('"Flat 2; Block -C"');
  });
});

describe("GET /api/order/seller/pick-list", () => {
  it("adds up every unit to pack across open orders, by category then product, with their orders", async () => {
    const seller = await createSeller(t.database.db);
    const shopper = await createShopper(t.database.db);
    const apple = await insertProduct(t.database.db, { name: "Apple", category: "Fruits" });
    const tomato = await insertProduct(t.database.db, { name: "Tomato", category: "Vegetables" });
    const bread = await insertProduct(t.database.db, { name: "Bread", category: "Bakery" });
    const line = (p: { id: string; name: string; category: string | null }, quantity: number) => ({
      product: { id: p.id, name: p.name, category: p.category as "Fruits" },
      quantity,
      unitPrice: 10,
    });
    const first = await insertOrder(t.database.db, {
      userId: shopper.user.id,
      items: [line(apple, 2), line(tomato, 1)],
      deliverBy: new Date(Date.now() + minutes(5)),
    });
    const second = await insertOrder(t.database.db, {
      userId: shopper.user.id,
      status: "Packing",
      items: [line(apple, 3), line(bread, 1)],
      deliverBy: new Date(Date.now() + minutes(1)),
    });
    await insertOrder(t.database.db, {
      userId: shopper.user.id,
      status: "Out for Delivery",
      items: [line(apple, 50)],
    });
    const response = await t.app.inject({
      url: "/api/order/seller/pick-list",
      cookies: seller.cookies,
    });
    expect(response.statusCode).toBe(200);
    const { items } = response.json<{
      items: { product: { name: string }; quantity: number; orderIds: string[] }[];
    }>();
    expect(items.map((i) => [i.product.name, i.quantity, i.orderIds])).toEqual([
      ["Tomato", 1, [first.id]],
      ["Apple", 5, [second.id, first.id]],
      ["Bread", 1, [second.id]],
    ]);
  });
});
