import { useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { Link, useNavigate, useParams } from "react-router";
import type { Product } from "../../../../contract/product";
import { ApiError } from "../../../app/api-client";
import { useSellerProducts, useUpdateProduct } from "../api";
import {
  productDataFrom,
  ProductFields,
  productFormFrom,
  type ProductForm,
} from "../components/product-fields";

/** Edits a product's text, category, prices, weight and stock (photos stay as they are). */
export function EditProductPage() {
  const { id } = useParams();
  const products = useSellerProducts();
  const product = products.data?.find((p) => p._id === id);

  if (products.isPending) {
    return (
      <div className="max-w-lg p-4 md:p-10" aria-busy="true">
        <div className="h-96 animate-pulse rounded bg-gray-100" />
      </div>
    );
  }
  if (!product) {
    return (
      <section className="p-4 md:p-10">
        <h1 className="text-xl font-medium">Product not found</h1>
        <p className="mt-2 text-gray-600">It may have been deleted.</p>
        <Link to="/seller/product-list" className="mt-4 inline-block text-primary underline">
          Back to the product list
        </Link>
      </section>
    );
  }
  // Keyed by id so that moving to another product starts from its own values.
  return <EditProductForm key={product._id} product={product} />;
}

function EditProductForm({ product }: { product: Product }) {
  const update = useUpdateProduct();
  const navigate = useNavigate();
  const [form, setForm] = useState<ProductForm>(() => productFormFrom(product));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { weight, ...fields } = productDataFrom(form);
    try {
      const answer = await update.mutateAsync({
        id: product._id,
        ...fields,
        weight: weight || null,
      });
      toast.success(answer.message);
      await navigate("/seller/product-list");
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : "Could not save the product");
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="max-w-lg space-y-5 p-4 md:p-10">
      <h1 className="text-xl font-medium">Edit Product</h1>
      <div className="flex flex-wrap gap-3">
        {product.image.map((src, index) => (
          <img
            key={src}
            src={src.replace("-large.webp", "-thumb.webp")}
            alt={`${product.name}, photo ${index + 1}`}
            width={96}
            height={96}
            className="h-24 w-24 rounded border object-contain"
          />
        ))}
      </div>
      <ProductFields form={form} onChange={setForm} />
      <div className="flex gap-3">
        <button
          disabled={update.isPending}
          className="rounded bg-primary px-8 py-2.5 font-medium text-white hover:bg-primary-dull disabled:opacity-60"
        >
          {update.isPending ? "Saving…" : "Save"}
        </button>
        <Link to="/seller/product-list" className="rounded border px-8 py-2.5 font-medium">
          Cancel
        </Link>
      </div>
    </form>
  );
}
