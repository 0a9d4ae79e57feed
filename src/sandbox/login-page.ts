// The page a panel shows instead of an API reply when the credentials are refused and it does
// not answer 401 (badCredentials: 'login-page'). Clients recognise it by its HTML content type on
// an API call, never by parsing it; the title is the one the real panel uses.

const LOGIN_PAGE_TITLE = 'DirectAdmin Login';

export const loginPageHtml = `<!DOCTYPE html>
<html>
<head><meta charset="utf-8"><title>${LOGIN_PAGE_TITLE}</title></head>
<body>
<form action="/CMD_LOGIN" method="post">
<input type="hidden" name="referer" value="/">
<label>Username <input type="text" name="username"></label>
<label>Password <input type="password" name="password"></label>
<button type="submit">Login</button>
</form>
</body>
</html>
`;
