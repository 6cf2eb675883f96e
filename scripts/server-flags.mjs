// The Node options the production server (scripts/server.mjs) runs with, for every command that starts it (npm start,
// the test and benchmark harness). A young generation of 32 MB semi-spaces holds what parsing an uploaded file
// leaves behind until it is garbage, where Node's default (16 MB) moved it to the old generation, which grew to
// about 220 MB before it was collected: streaming a 500 MB upload of 4 MB transcripts raised the server's memory by
// 245 MB with the default, by 54-55 MB with 32 MB (24 MB: 58-63; 40, 48 and 64 MB: 121-134; the same runs, one after
// the other).
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=32"];
