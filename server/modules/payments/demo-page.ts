import type { OrderProductSnapshot } from "../../../contract/order";
import { formatRupees, paiseToRupees, rupeesToPaise } from "../../../contract/money";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

export const formatPaise = (paise: number) => formatRupees(paiseToRupees(paise));

const styles = `
  body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f4f6;margin:0;color:#1f2937}
  main{max-width:420px;margin:40px max(16px, calc((100% - 468px) / 2));background:#fff;border-radius:12px;padding:24px;box-shadow:0 4px 20px rgba(0,0,0,.08)}
  .badge{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:4px 10px;font-size:13px}
  h1{font-size:20px;margin:16px 0 4px} .amount{font-size:32px;font-weight:700;margin:8px 0 16px}
  ul{padding:0;list-style:none;margin:0 0 20px;border-top:1px solid #e5e7eb}
  li{display:flex;justify-content:space-between;padding:8px 0;border-bottom:1px solid #e5e7eb;font-size:14px}
  .actions{display:flex;gap:12px} form{flex:1}
  button{width:100%;min-height:44px;padding:12px;border-radius:8px;border:0;font:inherit;font-size:16px;cursor:pointer}
  .pay{background:#177a45;color:#fff} .pay:hover{background:#12633a} .cancel{background:#e5e7eb;color:#374151}
  button:focus-visible,a:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
  a{color:#047857}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><style>${styles}</style></head><body><main>${body}</main></body></html>`;
}

export interface DemoCheckoutView {
  sessionId: string;
  amountPaise: number;
  items: { product: OrderProductSnapshot; quantity: number }[];
  fees: { deliveryPaise: number; smallCartPaise: number };
}

/** The demo provider's hosted page: amount, items, Pay and Cancel as plain forms. */
export function demoCheckoutPage(view: DemoCheckoutView): string {
  const base = `/api/payments/demo/${encodeURIComponent(view.sessionId)}`;
  const lines = view.items
    .map(
      (i) =>
        `<li><span>${escapeHtml(i.product.name)} × ${i.quantity}</span><span>${formatPaise(rupeesToPaise(i.product.offerPrice) * i.quantity)}</span></li>`,
    )
    .join("");
  const fees = [
    ["Delivery fee", view.fees.deliveryPaise],
    ["Small cart fee", view.fees.smallCartPaise],
  ] as const;
  const feeLines = fees
    .filter(([, paise]) => paise > 0)
    .map(([name, paise]) => `<li><span>${name}</span><span>${formatPaise(paise)}</span></li>`)
    .join("");
  return page(
    "GreenCart demo payment",
    `<span class="badge">Demo payment: no real money moves</span>
     <h1>Pay GreenCart</h1>
     <p class="amount">${formatPaise(view.amountPaise)}</p>
     <ul>${lines}${feeLines}</ul>
     <div class="actions">
       <form method="post" action="${base}/cancel"><button class="cancel" type="submit">Cancel</button></form>
       <form method="post" action="${base}/pay"><button class="pay" type="submit">Pay ${formatPaise(view.amountPaise)}</button></form>
     </div>`,
  );
}

/** Shown instead of the buttons when the checkout can no longer be paid. */
export function demoMessagePage(title: string, message: string, storeOrigin = ""): string {
  const store = escapeHtml(storeOrigin);
  return page(
    title,
    `<span class="badge">Demo payment</span><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="${store}/my-orders">See my orders</a> · <a href="${store}/">Back to the store</a></p>`,
  );
}
