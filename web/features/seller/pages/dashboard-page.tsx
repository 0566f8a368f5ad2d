import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import type { Dashboard } from "../../../../contract/seller";
import { LoadError } from "../../../ui/load-error";
import { formatRupees, formatWholeRupees } from "../../../../contract/money";
import { useDashboard, type DashboardDays } from "../api/dashboard";
import { DashboardChart } from "../components/dashboard-chart";
import { StockBadge } from "../components/stock-badge";
import { DataTable } from "../components/data-table";
import { usePageTitle } from "../../../ui/page-title";

const minutes = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 1 });

/** A value the server could not give yet (nothing dispatched or delivered today). */
const none = (
  <>
    <span aria-hidden="true">—</span>
    <span className="sr-only">none yet</span>
  </>
);

/** /seller/dashboard: today's numbers, the last 7 or 30 days, top products, low stock. */
export function DashboardPage() {
  const [params, setParams] = useSearchParams();
  const days: DashboardDays = params.get("days") === "30" ? 30 : 7;
  const dashboard = useDashboard(days);
  usePageTitle("Dashboard");
  const data = dashboard.data;

  return (
    <section className="max-w-6xl space-y-8 p-4 md:p-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-xl font-medium">Dashboard</h1>
        <div role="group" aria-label="Period" className="inline-flex rounded-md border">
          {([7, 30] as const).map((n) => (
            <button
              key={n}
              type="button"
              aria-pressed={days === n}
              onClick={() => setParams(n === 7 ? {} : { days: "30" }, { replace: true })}
              className={`min-h-11 px-4 text-sm first:rounded-l-md last:rounded-r-md ${days === n ? "bg-primary text-white" : "hover:bg-gray-100"}`}
            >
              {n} days
            </button>
          ))}
        </div>
      </div>
      {!data && dashboard.isError ? (
        <LoadError what="the dashboard" onRetry={() => void dashboard.refetch()} />
      ) : !data ? (
        <DashboardSkeleton />
      ) : (
        <DashboardBody
          data={data}
          days={days}
          updating={dashboard.isPlaceholderData && dashboard.isFetching}
        />
      )}
    </section>
  );
}

function DashboardBody({
  data,
  days,
  updating,
}: {
  data: Dashboard;
  days: DashboardDays;
  updating: boolean;
}) {
  const t = data.today;
  return (
    <>
      <section aria-labelledby="dashboard-today" className="space-y-3">
        <h2 id="dashboard-today" className="text-base font-medium">
          Today
        </h2>
        <p className="text-sm text-gray-600">
          Orders placed today, cancelled ones left out; their revenue is what they charged, delivery
          and small cart fees included, and counts cash on delivery before it is collected.
        </p>
        <dl className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-3 2xl:grid-cols-6">
          <Tile label="Orders">{t.orders}</Tile>
          <Tile label="Revenue (with fees)">{formatWholeRupees(t.revenue)}</Tile>
          <Tile label="Average order value">{formatWholeRupees(t.averageOrderValue)}</Tile>
          <Tile label="Median time to dispatch">
            {t.medianMinutesToDispatch === null
              ? none
              : `${minutes.format(t.medianMinutesToDispatch)} min`}
          </Tile>
          <Tile label="Delivered on time">
            {t.onTimeRate === null ? none : `${Math.round(t.onTimeRate * 100)}%`}
          </Tile>
          <Tile label="Late now" alert={t.lateNow > 0}>
            {t.lateNow}
          </Tile>
        </dl>
      </section>
      <section
        aria-labelledby="dashboard-period"
        aria-busy={updating}
        className={`space-y-3 ${updating ? "opacity-60" : ""}`}
      >
        <h2 id="dashboard-period" className="text-base font-medium">
          Last {days} days
        </h2>
        <DashboardChart days={data.days} />
      </section>
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-2">
        <TopProducts products={data.topProducts.slice(0, 5)} days={days} />
        <LowStock products={data.lowStock} />
      </div>
    </>
  );
}

function Tile({
  label,
  alert = false,
  children,
}: {
  label: string;
  alert?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={`flex min-h-20 flex-col justify-between rounded-md border p-2.5 sm:p-3 ${alert ? "border-red-300 bg-red-50 text-red-800" : "border-gray-500/20 bg-white"}`}
    >
      <dt className={`text-xs ${alert ? "font-medium" : "text-gray-600"}`}>{label}</dt>
      <dd className="text-lg font-semibold tabular-nums [overflow-wrap:anywhere] sm:text-xl">
        {children}
      </dd>
    </div>
  );
}

function TopProducts({ products, days }: { products: Dashboard["topProducts"]; days: number }) {
  return (
    <section aria-labelledby="dashboard-top" className="min-w-0 space-y-3">
      <h2 id="dashboard-top" className="text-base font-medium">
        Top products by units
      </h2>
      {products.length === 0 ? (
        <p className="text-sm text-gray-600">Nothing sold in the last {days} days.</p>
      ) : (
        <DataTable
          label="Top products"
          caption={`Top 5 products by units sold, last ${days} days`}
          columns={[
            { label: "Product" },
            { label: "Units", numeric: true },
            { label: "Revenue (items, no fees)", numeric: true },
          ]}
        >
          <tbody>
            {products.map((p) => (
              <tr key={p._id} className="border-t border-gray-500/20">
                <th scope="row" className="px-3 py-2 font-normal">
                  {p.name}
                </th>
                <td className="px-3 py-2 text-right tabular-nums">{p.units}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatRupees(p.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </section>
  );
}

function LowStock({ products }: { products: Dashboard["lowStock"] }) {
  return (
    <section aria-labelledby="dashboard-low" className="min-w-0 space-y-3">
      <h2 id="dashboard-low" className="text-base font-medium">
        Low stock
      </h2>
      {products.length === 0 ? (
        <p className="text-sm text-gray-600">Nothing is running low.</p>
      ) : (
        <ul className="divide-y divide-gray-500/20 rounded-md border border-gray-500/20">
          {products.map((p) => (
            <li key={p._id}>
              <Link
                to={`/seller/product-list/${p._id}`}
                className="flex min-h-11 flex-wrap items-center justify-between gap-2 px-3 py-2 hover:bg-gray-50"
              >
                <span className="text-primary underline-offset-2 hover:underline">{p.name}</span>
                <StockBadge product={p} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DashboardSkeleton() {
  return (
    <div aria-busy="true" className="space-y-8">
      <span className="sr-only">Loading the dashboard…</span>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="h-20 animate-pulse rounded-md bg-gray-100" />
        ))}
      </div>
      <div className="h-64 animate-pulse rounded-md bg-gray-100" />
      <div className="grid gap-8 lg:grid-cols-2">
        <div className="h-48 animate-pulse rounded-md bg-gray-100" />
        <div className="h-48 animate-pulse rounded-md bg-gray-100" />
      </div>
    </div>
  );
}
