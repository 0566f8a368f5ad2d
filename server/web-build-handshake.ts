/**
 * `npm start`'s first start builds the web app while this process prepares the database
 * (scripts/start.mjs, over the IPC channel it opens): the server says when its database is ready
 * and waits to hear that the build is done before it builds the app, which reads the build. The
 * build's failure ends this process from start.mjs.
 */
export function awaitWebBuild(): Promise<void> {
  const send = process.send?.bind(process);
  if (!send) return Promise.resolve();
  return new Promise((resolve) => {
    const heard = (message: unknown) => {
      if (message !== "web-built") return;
      process.off("message", heard);
      // The channel stays open for nothing else: it must not keep the process alive.
      process.channel?.unref();
      resolve();
    };
    process.on("message", heard);
    send("database-ready");
  });
}
