import { useRef, useState, type FormEvent } from "react";
import type { Shop } from "../../../../contract/shop";
import { ApiError } from "../../../lib/api-client";
import { errorMessage } from "../../../lib/query-client";
import { useShop } from "../../../lib/shop-api";
import { LoadError } from "../../../ui/load-error";
import { usePageTitle } from "../../../ui/page-title";
import { toast } from "../../../ui/toast";
import { useSaveShop } from "../api/shop-settings";
import { useFocusFirstError } from "../components/focus-first-error";
import { ShopAreaSection, ShopFeesSection } from "../components/shop-area-fees";
import {
  serverFieldError,
  shopFormErrors,
  shopFormFrom,
  shopUpdateFrom,
  type ShopForm,
  type ShopFormErrors,
} from "../components/shop-form";
import { ShopHoursSection } from "../components/shop-hours";
import { ShopProfileSection } from "../components/shop-profile";

/** /seller/shop: the shop's profile, hours, delivery area and fees (issue 43). */
export function ShopSettingsPage() {
  usePageTitle("Shop settings");
  const shop = useShop();
  if (shop.isPending)
    return <div className="m-8 h-96 animate-pulse rounded bg-gray-100" aria-busy="true" />;
  if (shop.isError)
    return (
      <div className="p-4 md:p-10">
        <LoadError what="shop settings" onRetry={() => void shop.refetch()} />
      </div>
    );
  return <ShopSettingsForm shop={shop.data} />;
}

function ShopSettingsForm({ shop }: { shop: Shop }) {
  const save = useSaveShop();
  const [form, setForm] = useState<ShopForm>(() => shopFormFrom(shop));
  const [errors, setErrors] = useState<ShopFormErrors>({});
  // What the server refused, under its field, until the seller changes something.
  const [refused, setRefused] = useState<ShopFormErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, errors);
  // A mistake said at Save stays said while the field is still wrong, and goes once it is mended.
  const now = shopFormErrors(form);
  const shown: ShopFormErrors = {
    ...Object.fromEntries(
      Object.keys(errors).map((key) => [key, now[key as keyof ShopFormErrors]]),
    ),
    ...refused,
  };
  const change = (next: ShopForm) => {
    setForm(next);
    setRefused({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const found = shopFormErrors(form);
    setErrors(found);
    setRefused({});
    if (Object.keys(found).length > 0) return;
    save.mutate(shopUpdateFrom(form), {
      onSuccess: (answer) => {
        setForm(shopFormFrom(answer.shop));
        toast.success("Shop settings saved");
      },
      onError: (error) => {
        const field = error instanceof ApiError ? serverFieldError(error.message) : undefined;
        if (!field) return toast.error(errorMessage(error));
        setRefused({ [field[0]]: field[1] });
        setErrors({ [field[0]]: field[1] });
      },
    });
  };

  const sectionProps = { form, onChange: change, errors: shown };
  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      className="max-w-2xl space-y-8 p-4 md:p-10"
      aria-labelledby="shop-settings-title"
    >
      <h1 id="shop-settings-title" className="text-xl font-medium">
        Shop settings
      </h1>
      <ShopProfileSection {...sectionProps} />
      <ShopHoursSection {...sectionProps} />
      <ShopAreaSection {...sectionProps} />
      <ShopFeesSection {...sectionProps} />
      <button
        aria-disabled={save.isPending}
        aria-busy={save.isPending}
        className="min-h-11 rounded bg-primary px-8 py-2.5 font-medium text-white hover:bg-primary-dull aria-disabled:opacity-60"
      >
        {save.isPending ? "Saving…" : "Save"}
      </button>
    </form>
  );
}
