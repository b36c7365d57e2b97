/** The node arguments the server runs with (server-node-args.mjs). */
export declare const SERVER_NODE_ARGS: readonly string[];
