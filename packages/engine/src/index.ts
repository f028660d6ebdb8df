/** Flow execution lands here with the chatflow issue; the package exists so layering is enforced from day one. */
export const ENGINE_VERSION = '0.1.0';
