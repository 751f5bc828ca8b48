; Inno Setup script: a Windows installer for the standalone build, with a Start menu shortcut.
; First `python tools/build_app.py` on Windows (it leaves dist\solochess\), then
;     iscc packaging\windows\solochess.iss
; which writes dist\SoloChess-Setup-<version>.exe. It installs for the current user without
; administrator rights by default; IT may choose "for all users" (or run it with /ALLUSERS).
; NOT TESTED: written here on Linux, never compiled or run on Windows.

; tools/build_app.py writes the version (game/__init__.py's __version__, its one place) here:
#include "..\..\dist\version.iss"

[Setup]
AppName=Solo Chess
AppVersion={#Version}
AppPublisher=the Solo Chess authors
DefaultDirName={autopf}\Solo Chess
DefaultGroupName=Solo Chess
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog commandline
OutputDir=..\..\dist
OutputBaseFilename=SoloChess-Setup-{#Version}
SetupIconFile=..\icons\solochess.ico
UninstallDisplayIcon={app}\solochess-gui.exe
LicenseFile=..\..\LICENSE
Compression=lzma2
SolidCompression=yes
WizardStyle=modern

[Languages]
Name: "en"; MessagesFile: "compiler:Default.isl"
Name: "es"; MessagesFile: "compiler:Languages\Spanish.isl"
Name: "fr"; MessagesFile: "compiler:Languages\French.isl"
Name: "de"; MessagesFile: "compiler:Languages\German.isl"
Name: "pt"; MessagesFile: "compiler:Languages\Portuguese.isl"
Name: "uk"; MessagesFile: "compiler:Languages\Ukrainian.isl"

[Files]
Source: "..\..\dist\solochess\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
; The game without a console window.
Name: "{group}\Solo Chess"; Filename: "{app}\solochess-gui.exe"
Name: "{autodesktop}\Solo Chess"; Filename: "{app}\solochess-gui.exe"; Tasks: desktopicon

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; Flags: unchecked

[Run]
Filename: "{app}\solochess-gui.exe"; Description: "{cm:LaunchProgram,Solo Chess}"; Flags: nowait postinstall skipifsilent
