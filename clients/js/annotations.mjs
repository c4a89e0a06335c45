// The annotation keywords Zero's schemas use beyond the standard ones,
// which ajv's strict mode must be told about:
//   - x-known-values lists the codes Zero sends, with their meanings;
//   - x-go-name names the Go field of a property whose key makes a poor
//     Go name;
//   - x-deserialize-default-on-error and x-deserialize-skip-invalid-items
//     mark, in the ACP schemas, the members a reader takes leniently, as
//     ACP's own schema does.
export const zeroAnnotations = [
  "x-known-values",
  "x-go-name",
  "x-deserialize-default-on-error",
  "x-deserialize-skip-invalid-items",
];
