import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  addressAddSchema,
  addressChangedSchema,
  addressDeleteSchema,
  addressListResponseSchema,
  addressUpdateSchema,
} from "../../../contract/address";
import { messageSchema } from "../../../contract/common";
import type { AppDeps } from "../../app-deps";
import { errorResponses, idempotencyHeaders } from "../../http/route-schemas";
import { addAddress, deleteAddress, listAddresses, updateAddress } from "./addresses-service";

export function addressesRoutes(deps: AppDeps) {
  const { requireShopper } = deps.guards;
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      "/api/address/get",
      {
        onRequest: requireShopper,
        schema: {
          tags: ["account"],
          summary: "The shopper's saved addresses",
          response: { 200: addressListResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        addresses: await listAddresses(deps.db, request.userId),
      }),
    );

    app.post(
      "/api/address/add",
      {
        onRequest: requireShopper,
        schema: {
          tags: ["account"],
          summary:
            "Save a delivery address (phone stored as +91XXXXXXXXXX for Indian numbers). With an Idempotency-Key, a repeat with the same address answers with the address already saved and saves nothing; with another address, 422 idempotency_key_reused",
          headers: idempotencyHeaders,
          body: addressAddSchema,
          response: { 201: addressChangedSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const address = await addAddress(
          deps.db,
          request.userId,
          request.body.address,
          request.headers["idempotency-key"],
        );
        return reply
          .status(201)
          .send({ success: true as const, message: "Address Added", address });
      },
    );

    app.post(
      "/api/address/update",
      {
        onRequest: requireShopper,
        schema: {
          tags: ["account"],
          summary: "Change one of the shopper's addresses (past orders keep theirs)",
          body: addressUpdateSchema,
          response: { 200: addressChangedSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        message: "Address Updated",
        address: await updateAddress(
          deps.db,
          request.userId,
          request.body.id,
          request.body.address,
        ),
      }),
    );

    app.post(
      "/api/address/delete",
      {
        onRequest: requireShopper,
        schema: {
          tags: ["account"],
          summary: "Delete one of the shopper's addresses (past orders keep theirs)",
          body: addressDeleteSchema,
          response: { 200: messageSchema, ...errorResponses },
        },
      },
      async (request) => {
        await deleteAddress(deps.db, request.userId, request.body.id);
        return { success: true as const, message: "Address Deleted" };
      },
    );
  };
}
