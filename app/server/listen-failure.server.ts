// Why the HTTP server could not listen on HOST:PORT, in one line an operator acts on
// (Node's own error is `listen EADDRINUSE: address already in use 0.0.0.0:3000` and a stack).

/** One line naming the cause: the port in use, a HOST not of this machine or not known, a port needing privileges. */
export function listenFailure(error: unknown, host: string, port: number): string {
  const code = (error as { code?: unknown })?.code;
  switch (code) {
    case "EADDRINUSE":
      return `port ${port} on ${host} is already in use (another server, or the site already running): stop it or set PORT.`;
    case "EADDRNOTAVAIL":
      return `HOST ${host} is not an address of this machine: set HOST to one of its addresses, or 0.0.0.0 for all.`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
    case "EAI_NONAME":
      return `HOST "${host}" is not a known host name: set HOST to an address of this machine, or 0.0.0.0 for all.`;
    case "EACCES":
      return `port ${port} needs privileges this user lacks (ports below 1024): set PORT to 1024 or above and let a proxy take ${port}.`;
    default:
      return `could not listen on ${host}:${port}: ${(error as Error)?.message ?? String(error)}`;
  }
}
