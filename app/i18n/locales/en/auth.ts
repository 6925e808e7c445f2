const auth = {
  meta: {
    signIn: "Sign in",
    signUp: "Create an account",
    recovery: "Choose a new password",
    forgot: "Forgot password",
    confirm: "Confirm your e-mail",
    description:
      "Sign in to Souqna or create a free account to post ads, save favourites and message sellers.",
  },
  tabs: { signIn: "Sign In", signUp: "Sign Up" },
  welcome: "Welcome to Souqna",
  welcomeBody: "Buy and sell across Syria and from abroad.",
  fields: {
    fullName: "Full Name",
    email: "Email",
    password: "Password",
    newPassword: "New Password",
    confirmPassword: "Confirm Password",
    currentPassword: "Current Password",
  },
  placeholders: {
    fullName: "e.g. Rania Haddad",
    email: "you@example.com",
  },
  passwordHint: "At least 8 characters. Avoid common passwords.",
  signIn: {
    submit: "Sign In",
    submitting: "Signing in...",
    forgot: "Forgot password?",
    noAccount: "New to Souqna?",
    createOne: "Create an account",
  },
  signUp: {
    submit: "Create Account",
    submitting: "Creating account...",
    terms: "By signing up, you agree to our",
    termsLink: "Terms & Conditions",
    haveAccount: "Already have an account?",
    signInInstead: "Sign in",
    successTitle: "Account created successfully",
    successBody: "Please check your email to confirm your account",
  },
  recovery: {
    title: "Choose a new password",
    body: "Enter a new password for your account. The link in your e-mail works once and for one hour.",
    submit: "Update Password",
    submitting: "Updating...",
    backToLogin: "Back to login",
    updatedTitle: "Password Updated",
  },
  fromReset: {
    title: "Password reset successful",
    body: "Your password has been reset. Please log in.",
  },
  required: {
    title: "Authentication Required",
    body: "You need to sign in before posting an ad",
  },
  forgot: {
    title: "Forgot your password?",
    body: "Enter the e-mail address of your account and we will send you a link to choose a new password.",
    submit: "Send reset link",
    submitting: "Sending...",
    sentTitle: "Reset link sent",
    sentBody:
      "If an account uses this address, a reset link is on its way. Check your inbox and spam folder.",
    backToLogin: "Back to login",
  },
  confirm: {
    successTitle: "E-mail confirmed",
    successBody: "Thank you — your e-mail address is confirmed and your account is now verified.",
    failedTitle: "This link does not work",
    continue: "Continue to Souqna",
    signIn: "Sign in",
    resendTitle: "Didn't get the confirmation e-mail?",
    resendBody: "Enter your address and we will send a new link. It works for three days.",
    resend: "Send confirmation again",
    resentTitle: "Confirmation e-mail sent",
    resentBody:
      "If this address has an account that is not yet confirmed, a new link is on its way.",
  },
  unconfirmedBanner: "Please confirm your e-mail address: we sent you a link.",
  resendLink: "Send it again",
} as const;

export default auth;
