// Build-time stand-in: dactl never sets got's `http2` option, so the HTTP/2 client is left out.
const unused = () => {
  throw new Error('dactl is built without HTTP/2 support');
};
export default { globalAgent: undefined, auto: unused };
