// The catalogue's ceiling: `node --import tsx bench/bare-server.ts <body file> <content type>`
// answers every request with those bytes from a bare node:http server on $HOST:$PORT. It runs as
// the store does (a process and a session of its own, see server-process.ts), so that the two are
// measured alike: a server inside the load generator's own process would answer on the same
// thread that asks, with no wake-up of another process per answer, which the store never gets.
import fs from "node:fs";
import http from "node:http";

const [bodyFile, contentType] = process.argv.slice(2);
const body = fs.readFileSync(bodyFile!);
http
  .createServer((_request, response) => {
    response.writeHead(200, { "content-type": contentType, "content-length": body.length });
    response.end(body);
  })
  .listen(Number(process.env.PORT), process.env.HOST ?? "127.0.0.1");
process.on("SIGTERM", () => process.exit(0));
