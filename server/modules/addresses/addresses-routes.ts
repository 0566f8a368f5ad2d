import type { FastifyInstance } from "fastify";
import { addressAddSchema } from "../../../contract/address";
import type { AppDeps } from "../../app-deps";
import { parseWith } from "../../http/errors";
import { requireUser } from "../../http/sessions";
import { addAddress, listAddresses } from "./addresses-service";

export function addressesRoutes(deps: AppDeps) {
  return async (app: FastifyInstance) => {
    app.get("/api/address/get", async (request) => {
      const userId = await requireUser(deps.db, request);
      return { success: true, addresses: await listAddresses(deps.db, userId) };
    });

    app.post("/api/address/add", async (request, reply) => {
      const userId = await requireUser(deps.db, request);
      const { address } = parseWith(addressAddSchema, request.body);
      const created = await addAddress(deps.db, userId, address);
      return reply.status(201).send({ success: true, message: "Address Added", address: created });
    });
  };
}
