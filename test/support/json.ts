// The one loose JSON shape the e2e tests read results through (declared here once; test files import it).
export type Json = Record<string, any>
