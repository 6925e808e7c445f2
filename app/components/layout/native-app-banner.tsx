import { useEffect, useState } from "react";
import { Icon } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/react";

declare global {
  interface Window {
    Capacitor?: { isNativePlatform?: () => boolean };
  }
}

/**
 * A native wrapper (Capacitor, or a WebView that adds "SouqnaApp" to its user agent) runs the
 * same site; the banner says so, as the spec asks. Detection needs the browser, so it runs after
 * hydration.
 */
export function isNativeWrapper(win: Pick<Window, "Capacitor" | "navigator">) {
  return (
    Boolean(win.Capacitor?.isNativePlatform?.()) || /\bSouqnaApp\//.test(win.navigator.userAgent)
  );
}

export function NativeAppBanner() {
  const { t } = useTranslation();
  const [native, setNative] = useState(false);
  useEffect(() => setNative(isNativeWrapper(window)), []);
  if (!native) return null;
  return (
    <div
      role="status"
      data-testid="native-app-banner"
      className="flex items-center justify-center gap-2 bg-brand-700 px-4 py-1.5 text-xs font-medium text-white"
    >
      <Icon name="smartphone" className="size-3.5" aria-hidden />
      {t("nativeApp")}
    </div>
  );
}
