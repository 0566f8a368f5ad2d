import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AddressInput } from "../../../contract/address";
import { mockApi } from "../../test/render";
import { invalidated, seededClient } from "../../test/seeded-queries";
import { useAddAddress, useDeleteAddress, useUpdateAddress } from "./api";

afterEach(() => vi.unstubAllGlobals());

const address: AddressInput = {
  firstName: "Asha",
  lastName: "Rao",
  email: "asha@example.com",
  street: "12 MG Road",
  city: "Bengaluru",
  state: "Karnataka",
  zipcode: "560001",
  country: "India",
  phone: "9876543210",
};
const saved = { success: true, message: "Address saved", address: { _id: "a1", ...address } };

/** Each address write as its page sends it, through the hook, on a client of seeded queries. */
const writes: Record<
  string,
  () => ReturnType<typeof seededClient> & { send: () => Promise<unknown> }
> = {
  add: () => {
    const seeded = seededClient();
    const { result } = renderHook(() => useAddAddress(), { wrapper: seeded.wrapper });
    return { ...seeded, send: () => result.current.mutateAsync({ address, idempotencyKey: "k1" }) };
  },
  update: () => {
    const seeded = seededClient();
    const { result } = renderHook(() => useUpdateAddress(), { wrapper: seeded.wrapper });
    return { ...seeded, send: () => result.current.mutateAsync({ id: "a1", address }) };
  },
  delete: () => {
    const seeded = seededClient();
    const { result } = renderHook(() => useDeleteAddress(), { wrapper: seeded.wrapper });
    return { ...seeded, send: () => result.current.mutateAsync("a1") };
  },
};

describe("the address writes' declared invalidations, through the real hooks", () => {
  for (const [name, start] of Object.entries(writes)) {
    it(`${name}: a saved change reads the addresses again, and nothing else`, async () => {
      mockApi(() => ({ body: saved }));
      const { client, send } = start();
      await act(send);
      expect(invalidated(client)).toEqual(["addresses"]);
    });

    it(`${name}: a refused change reads nothing again`, async () => {
      mockApi(() => ({ status: 400, body: { success: false, code: "invalid", message: "No" } }));
      const { client, send } = start();
      await act(() => send().catch(() => undefined));
      expect(invalidated(client)).toEqual([]);
    });
  }
});
