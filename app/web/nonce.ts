import { createContext, useContext } from "react";

// The CSP nonce of this request, for every <script> the server renders.
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
