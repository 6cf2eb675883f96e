import "server-only";

/** The federation page's figures: every readable project side by side. */
export { federationMatrix, type FederationMatrix, type MatrixCell, type MatrixRow } from "@/db/queries/federation";
