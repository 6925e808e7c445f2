import { createContext, useContext } from "react";

/** The Content-Security-Policy nonce of this response, for the scripts React Router inlines. */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
