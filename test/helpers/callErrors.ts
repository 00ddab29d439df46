/**
 * How a failed call looks to a machine: the page's ApiError (status and the server's message), or
 * fetch's own TypeError when no answer came. No test runner here: the browser model tests use it too.
 */
export const httpError = (status: number, serverMessage: string | null) => ({ status, serverMessage });
export const networkError = () => new TypeError('Failed to fetch');
