// Import circles fail CI (docs/decisions/013-layers.md): `npm run lint` runs this over app/ and
// server/. The layers themselves are biome.json's noRestrictedImports; this adds what a per-file
// rule cannot see — a circle through several files, type-only imports included (a type import
// still ties two files together: change one and the other must be read again).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment:
        "An import circle: the files in it can only be read, tested and changed together. Move what both need to a leaf module both import (docs/decisions/013-layers.md).",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|build|\\.react-router)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".d.ts"],
    },
  },
};
