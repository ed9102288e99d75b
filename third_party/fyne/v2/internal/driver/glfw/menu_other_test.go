//go:build !no_glfw && (!darwin || no_native_menus) && !mobile

package glfw

func initMainMenu() {
}
